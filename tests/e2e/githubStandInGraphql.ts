/**
 * The GraphQL API of the stand-in GitHub (githubStandIn.ts): the part of GitHub's schema that
 * Keystatic's queries and mutations use (its app shell, branches, commits with
 * createCommitOnBranch, pull requests of a branch), executed by graphql-js over a local git
 * repository. The default branch is protected as the society's is: a commit to it is refused
 * with GitHub's error type, so that Keystatic asks for a branch of its own.
 */
import { buildSchema, graphql, type GraphQLError } from 'graphql';
import type { StandInRepository } from './githubStandInGit.ts';

const SCHEMA = buildSchema(`
  interface Node { id: ID! }
  interface GitObject { id: ID! oid: String! }
  enum RepositoryPermission { ADMIN MAINTAIN WRITE TRIAGE READ }
  enum RepositoryAffiliation { OWNER COLLABORATOR ORGANIZATION_MEMBER }
  enum PullRequestState { OPEN CLOSED MERGED }
  type User implements Node { id: ID! name: String login: String! avatarUrl: String! databaseId: Int }
  type Owner { id: ID! login: String! }
  type Tree { id: ID! oid: String! }
  type Commit implements Node & GitObject { id: ID! oid: String! tree: Tree! }
  type PageInfo { hasNextPage: Boolean! endCursor: String }
  type PullRequest implements Node { id: ID! number: Int! url: String! }
  type PullRequestConnection { nodes: [PullRequest] }
  type Ref implements Node {
    id: ID!
    name: String!
    target: GitObject
    associatedPullRequests(states: [PullRequestState!], first: Int): PullRequestConnection!
  }
  type RefConnection { nodes: [Ref] pageInfo: PageInfo! }
  type RepositoryConnection { nodes: [Repository] }
  type Repository implements Node {
    id: ID!
    isPrivate: Boolean!
    owner: Owner!
    name: String!
    defaultBranchRef: Ref
    refs(refPrefix: String!, first: Int, after: String): RefConnection
    ref(qualifiedName: String!): Ref
    viewerPermission: RepositoryPermission
    forks(affiliations: [RepositoryAffiliation], first: Int): RepositoryConnection!
  }
  type Query {
    repository(owner: String!, name: String!): Repository
    viewer: User!
    node(id: ID!): Node
  }
  input CommittableBranch { branchName: String repositoryNameWithOwner: String id: ID }
  input CommitMessage { headline: String! body: String }
  input FileAddition { path: String! contents: String! }
  input FileDeletion { path: String! }
  input FileChanges { additions: [FileAddition!] deletions: [FileDeletion!] }
  input CreateCommitOnBranchInput {
    branch: CommittableBranch!
    expectedHeadOid: String!
    message: CommitMessage!
    fileChanges: FileChanges
    clientMutationId: String
  }
  input CreateRefInput { repositoryId: ID! name: String! oid: String! clientMutationId: String }
  input DeleteRefInput { refId: ID! clientMutationId: String }
  type CreateCommitOnBranchPayload { ref: Ref }
  type CreateRefPayload { ref: Ref }
  type DeleteRefPayload { clientMutationId: String }
  type Mutation {
    createCommitOnBranch(input: CreateCommitOnBranchInput!): CreateCommitOnBranchPayload
    createRef(input: CreateRefInput!): CreateRefPayload
    deleteRef(input: DeleteRefInput!): DeleteRefPayload
  }
`);

/** An error GitHub's API gives with a `type`, which Keystatic reads. */
class TypedError extends Error {
  readonly type: string;
  constructor(type: string, message: string) {
    super(message);
    this.type = type;
  }
}

interface CommitInput {
  branch: { branchName: string };
  expectedHeadOid: string;
  message: { headline: string };
  fileChanges?: { additions?: { path: string; contents: string }[]; deletions?: { path: string }[] };
}

export function graphqlApi(repository: StandInRepository, site: { owner: string; name: string; url: string }) {
  const commit = (oid: string) => ({
    __typename: 'Commit',
    id: `commit:${oid}`,
    oid,
    tree: { id: `tree:${repository.treeOf(oid)}`, oid: repository.treeOf(oid) },
  });
  const pullRequestsOf = (branch: string) => ({
    nodes: repository.pullRequests
      .filter((pull) => pull.branch === branch)
      .map((pull) => ({ __typename: 'PullRequest', id: `pull:${pull.number}`, number: pull.number, url: pull.url })),
  });
  const ref = (branch: string) => {
    const oid = repository.head(branch);
    return oid === undefined
      ? null
      : {
          __typename: 'Ref',
          id: `ref:${branch}`,
          name: branch,
          target: () => commit(oid),
          associatedPullRequests: () => pullRequestsOf(branch),
        };
  };
  const repo = {
    __typename: 'Repository',
    id: 'repository:1',
    isPrivate: true,
    owner: { id: 'owner:1', login: site.owner },
    name: site.name,
    defaultBranchRef: () => ref(repository.defaultBranch),
    refs: () => ({
      nodes: repository.branches().map(ref),
      pageInfo: { hasNextPage: false, endCursor: null },
    }),
    ref: ({ qualifiedName }: { qualifiedName: string }) => ref(qualifiedName.replace(/^refs\/heads\//, '')),
    viewerPermission: 'WRITE',
    forks: () => ({ nodes: [] }),
  };
  const root = {
    repository: ({ owner, name }: { owner: string; name: string }) =>
      owner === site.owner && name === site.name ? repo : null,
    viewer: {
      __typename: 'User',
      id: 'user:1',
      name: 'Office Assistant',
      login: 'office-assistant',
      avatarUrl: `${site.url}/avatar.png`,
      databaseId: 1,
    },
    node: ({ id }: { id: string }) => (id.startsWith('ref:') ? ref(id.slice(4)) : null),
    createRef: ({ input }: { input: { name: string; oid: string } }) => {
      const branch = input.name.replace(/^refs\/heads\//, '');
      repository.createBranch(branch, input.oid);
      return { ref: ref(branch) };
    },
    deleteRef: ({ input }: { input: { refId: string } }) => {
      repository.deleteBranch(input.refId.replace(/^ref:/, ''));
      return { clientMutationId: null };
    },
    createCommitOnBranch: ({ input }: { input: CommitInput }) => {
      const branch = input.branch.branchName;
      if (branch === repository.defaultBranch) {
        throw new TypedError(
          'BRANCH_PROTECTION_RULE_VIOLATION',
          `Repository rule violations found: changes must be made through a pull request (${branch} is protected).`,
        );
      }
      if (repository.head(branch) !== input.expectedHeadOid) {
        throw new TypedError('STALE_DATA', `Expected branch to point to "${input.expectedHeadOid}".`);
      }
      repository.commit(branch, input.message.headline, {
        additions: (input.fileChanges?.additions ?? []).map(({ path, contents }) => ({
          path,
          contents: Buffer.from(contents, 'base64'),
        })),
        deletions: (input.fileChanges?.deletions ?? []).map(({ path }) => path),
      });
      return { ref: ref(branch) };
    },
  };

  /** Answers one POST /graphql body as GitHub would, errors with their `type`. */
  return async (body: { query: string; variables?: Record<string, unknown>; operationName?: string }) => {
    const result = await graphql({
      schema: SCHEMA,
      source: body.query,
      rootValue: root,
      variableValues: body.variables ?? {},
      operationName: body.operationName ?? null,
    });
    repository.operations.push(body.operationName ?? /(?:query|mutation)\s+(\w+)/.exec(body.query)?.[1] ?? '?');
    const errors = result.errors?.map((error: GraphQLError) => ({
      ...error.toJSON(),
      ...(error.originalError instanceof TypedError ? { type: error.originalError.type } : {}),
    }));
    return { data: result.data ?? null, ...(errors ? { errors } : {}) };
  };
}
