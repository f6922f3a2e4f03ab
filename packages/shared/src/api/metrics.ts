// Filled by issue 8 (admin side): the metrics API contract, shared by server and web.
export {};
