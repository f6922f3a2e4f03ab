// Filled by issue 8 (admin side): the backup API contract, shared by server and web.
export {};
