// Filled by issue 8 (admin side): the plugins API contract, shared by server and web.
export {};
