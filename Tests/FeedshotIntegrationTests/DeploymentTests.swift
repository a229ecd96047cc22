import Foundation
import Testing

/// What it takes to run many copies: the Kubernetes manifests and the container image.
@Suite(.timeLimit(.minutes(10))) struct DeploymentTests {
    static let manifests = ["deploy/kubernetes/deployment.yaml", "deploy/kubernetes/service.yaml", "deploy/kubernetes/hpa.yaml"]

    @Test func theKubernetesManifestsAreValid() async throws {
        // kubernetes-validate (PyPI; scripts/install-deps --test installs it) checks each resource
        // against the API schema, strictly (no unknown fields).
        let result = try await runTool("kubernetes-validate", ["--strict"] + Self.manifests)
        #expect(result.status == 0, "\(result.output)")
        for kind in ["deployment/feedshot", "service/feedshot", "horizontalpodautoscaler/feedshot"] {
            #expect(result.output.contains("passed for resource \(kind)"), "\(result.output)")
        }
        let deployment = try String(contentsOf: ServerProcess.root.appendingPathComponent(Self.manifests[0]), encoding: .utf8)
        for needed in ["readinessProbe:", "livenessProbe:", "path: /healthz", "path: /readyz", "port: ops", "requests: {cpu:"] {
            #expect(deployment.contains(needed), "\(needed)")
        }
        // Every variable the manifest sets is one `feedshot serve` reads.
        let help = try await runTool(ServerProcess.binary.path, ["serve", "--help"]).output
        let names = deployment.matches(of: /name: (FEEDSHOT_[A-Z_]+)/).map { String($0.1) }
        #expect(names.count >= 8)
        for name in names { #expect(help.contains(name), "\(name) is not a feedshot serve setting") }
    }

    @Test func theContainerImageBuildsWhereDockerRuns() async throws {
        guard (try? await runTool("docker", ["info"]))?.status == 0 else {
            print("DeploymentTests: skipped building the Dockerfile: no Docker engine answers here (`docker info` failed)")
            return
        }
        let result = try await runTool("docker", ["build", "-q", "-t", "feedshot:test", "."])
        #expect(result.status == 0, "\(result.output)")
    }
}
