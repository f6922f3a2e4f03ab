// Filled by issue 8 (admin side): the logs API contract, shared by server and web.
export {};
