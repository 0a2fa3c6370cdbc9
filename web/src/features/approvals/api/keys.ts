/** Query keys of the approvals feature, from one place. */
export const approvalKeys = {
  all: ["approvals"] as const,
  page: (page: number) => ["approvals", page] as const,
};
