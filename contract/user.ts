// The signed-in member as the Worker resolves them and the pages show them.
export type SessionUser = {
  id: string;
  username: string;
  displayName: string | null;
  avatar: string | null;
};
