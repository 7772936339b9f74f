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
    "What the user may do now, as <plugin>:<action> names: their groups' actions, their grants, minus their denials."
    permissions: [String!]!
    "The groups the user is in: the built-in one of their role (owners, admins, members), then those an admin added them to."
    groupIds: [String!]!
    "Actions granted to this user alone."
    grants: [String!]!
    "Actions this user may not do whatever their groups say (owners have every action)."
    denials: [String!]!
    createdAt: Date
    "When an admin last changed the user (role, active, grants or denials); null: never, since it was kept. Give it to usersSetRole and usersSetPermissionOverrides so that an edit over someone else's is refused."
    updatedAt: Date
  }

  "One declared action of a plugin: its full name <plugin>:<action>."
  type PermissionAction {
    name: String!
    description: String!
    "The built-in groups that have it until an admin changes them."
    defaultRoles: [UserRole!]!
  }

  "A plugin's group of actions: one block of rows of Settings → Permissions."
  type PermissionModule {
    plugin: String!
    name: String!
    description: String!
    actions: [PermissionAction!]!
  }

  "A permission group. Owners, Admins and Members are built in (builtIn: their role); their members are that role's users."
  type PermissionGroup {
    _id: String!
    name: String!
    builtIn: UserRole
    actions: [String!]!
    members: [User!]!
    "When the group last changed (null: a built-in group never changed). Give it to permissionGroupsEdit so that an edit over someone else's is refused."
    updatedAt: Date
  }

  type Query {
    "The logged-in user, or null."
    currentUser: User
    "Every user; owners and admins only."
    users: [User!]!
    "Every plugin's declared modules and actions; owners and admins."
    permissionModules: [PermissionModule!]!
    "The built-in groups, then the groups admins made; owners and admins."
    permissionGroups: [PermissionGroup!]!
  }

  type Mutation {
    "Checks the credentials and sets the auth-token cookie."
    login(email: String!, password: String!): User!
    "Ends the session on every plugin host and clears the auth-token cookie."
    logout: Boolean!
    "Adds a user; owners only."
    usersAdd(email: String!, name: String, password: String!, role: UserRole = member): User!
    "Changes a user's role; owners only. The last active owner keeps the role. The user's sessions end. With updatedAt (the value read; null: it had none), refused with CONFLICT when the user changed since."
    usersSetRole(_id: String!, role: UserRole!, updatedAt: Date): User!
    "Deactivates a user, who then cannot log in and whose sessions end; owners only. Nobody deactivates themselves."
    usersDeactivate(_id: String!): User!
    usersActivate(_id: String!): User!
    "Ends the waits failed logins put on a user's e-mail and starts their counts again; owners and admins."
    usersUnlock(_id: String!): User!
    "Changes the caller's own password; every session of theirs ends and this request gets a new auth-token cookie."
    usersChangePassword(currentPassword: String!, newPassword: String!): User!
    "Sets a user's password; owners only. Every session of that user ends."
    usersSetPassword(_id: String!, password: String!): User!
    "Makes a permission group with these actions; needs core:managePermissions, as every change below."
    permissionGroupsAdd(name: String!, actions: [String!]): PermissionGroup!
    "Renames a group or sets its actions (the Owners group always has every action). Effective within 5 s. With updatedAt (the value read; null: it had none), refused with CONFLICT when the group changed since."
    permissionGroupsEdit(_id: String!, name: String, actions: [String!], updatedAt: Date): PermissionGroup!
    permissionGroupsRemove(_id: String!): Boolean!
    "Sets the members of a group an admin made."
    permissionGroupsSetMembers(_id: String!, userIds: [String!]!, updatedAt: Date): PermissionGroup!
    "Sets a user's own grants and denials. With updatedAt (the value read; null: it had none), refused with CONFLICT when the user changed since."
    usersSetPermissionOverrides(_id: String!, grants: [String!]!, denials: [String!]!, updatedAt: Date): User!
  }
`;
