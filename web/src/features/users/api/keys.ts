/** Query keys of the users feature (the approvals list), from one place. */
export const approvalKeys = {
  all: ["approvals"] as const,
  page: (page: number) => ["approvals", page] as const,
};
