export const typeDefs = /* GraphQL */ `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])

  enum UserRole {
    owner
    admin
    member
  }

  type User @key(fields: "_id") {
    _id: String!
    email: String!
    name: String
    role: UserRole!
    isActive: Boolean!
    "Failed logins keep this e-mail out for now (from some address, or from every address it never logged in from)."
    locked: Boolean!
    "The permissions the user's role has in every plugin that declared some (see each plugin's definition)."
    permissions: [String!]!
    createdAt: Date
  }

  type Query {
    "The logged-in user, or null."
    currentUser: User
    "Every user; owners and admins only."
    users: [User!]!
  }

  type Mutation {
    "Checks the credentials and sets the auth-token cookie."
    login(email: String!, password: String!): User!
    "Ends the session on every plugin host and clears the auth-token cookie."
    logout: Boolean!
    "Adds a user; owners only."
    usersAdd(email: String!, name: String, password: String!, role: UserRole = member): User!
    "Changes a user's role; owners only. The last active owner keeps the role. The user's sessions end."
    usersSetRole(_id: String!, role: UserRole!): User!
    "Deactivates a user, who then cannot log in and whose sessions end; owners only. Nobody deactivates themselves."
    usersDeactivate(_id: String!): User!
    usersActivate(_id: String!): User!
    "Ends the waits failed logins put on a user's e-mail and starts their counts again; owners and admins."
    usersUnlock(_id: String!): User!
    "Changes the caller's own password; every session of theirs ends and this request gets a new auth-token cookie."
    usersChangePassword(currentPassword: String!, newPassword: String!): User!
    "Sets a user's password; owners only. Every session of that user ends."
    usersSetPassword(_id: String!, password: String!): User!
  }
`;
