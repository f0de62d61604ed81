// The Kubernetes manifests in deploy/k8s, checked offline against the Kubernetes API's JSON schemas as
// compiled by kubernetes-models (types, required fields, enums, formats; it does not reject unknown
// fields), and against each other (labels, names, ports, the shard count).
import { readdirSync, readFileSync } from 'node:fs'
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler'
import { Deployment } from 'kubernetes-models/apps/v1/Deployment'
import { Job } from 'kubernetes-models/batch/v1/Job'
import { Service } from 'kubernetes-models/v1/Service'
import { parseAllDocuments } from 'yaml'
import { describe, expect, it } from 'vitest'

const dir = new URL('../deploy/k8s/', import.meta.url)
const models: Record<string, new (data: any) => { validate(): void }> = {
  'apps/v1 Deployment': Deployment,
  'v1 Service': Service,
  'autoscaling/v2 HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1 Job': Job
}

const manifests = readdirSync(dir)
  .filter((name) => name.endsWith('.yaml'))
  .flatMap((name) =>
    parseAllDocuments(readFileSync(new URL(name, dir), 'utf8')).map((doc) => {
      expect(doc.errors).toEqual([])
      return { file: name, object: doc.toJS() as any }
    })
  )
const find = (kind: string) => manifests.find((m) => m.object.kind === kind)!.object

function check(object: any): string | undefined {
  const Model = models[`${object.apiVersion} ${object.kind}`]
  if (!Model) return `no schema for ${object.apiVersion} ${object.kind}`
  try {
    new Model(object).validate()
    return undefined
  } catch (e) {
    return (e as Error).message
  }
}

describe('deploy/k8s manifests pass the Kubernetes schemas', () => {
  it('there is a Deployment, a Service, a HorizontalPodAutoscaler and a Job', () => {
    expect(manifests.map((m) => m.object.kind).sort()).toEqual(['Deployment', 'HorizontalPodAutoscaler', 'Job', 'Service'])
  })
  for (const { file, object } of manifests) {
    it(`${file}: ${object.kind} ${object.metadata?.name}`, () => expect(check(object)).toBeUndefined())
  }
})

describe('the schema check can fail', () => {
  const deployment = () => structuredClone(find('Deployment'))
  // [what is broken, how, pattern of the error]
  const broken: [string, (d: any) => void, RegExp][] = [
    ['replicas is a string', (d) => (d.spec.replicas = 'two'), /replicas must be integer/],
    ['no selector', (d) => delete d.spec.selector, /selector/],
    ['a container without a name', (d) => delete d.spec.template.spec.containers[0].name, /name/],
    ['a port out of int32', (d) => (d.spec.template.spec.containers[0].ports[0].containerPort = 2 ** 40), /containerPort/],
    ['a probe port of the wrong type', (d) => (d.spec.template.spec.containers[0].readinessProbe.httpGet.port = { http: 1 }), /port/]
  ]
  for (const [what, breakIt, pattern] of broken) {
    it(what, () => {
      const d = deployment()
      breakIt(d)
      expect(check(d)).toMatch(pattern)
    })
  }
})

describe('the manifests agree with each other and with the CLI', () => {
  const deployment = find('Deployment')
  const container = deployment.spec.template.spec.containers[0]
  const job = find('Job')

  it('the Service selects the Deployment pods and targets its named port', () => {
    const service = find('Service')
    for (const [k, v] of Object.entries(service.spec.selector)) expect(deployment.spec.template.metadata.labels[k]).toBe(v)
    expect(container.ports.map((p: any) => p.name)).toContain(service.spec.ports[0].targetPort)
  })

  it('the HorizontalPodAutoscaler scales the Deployment on CPU, which the container requests', () => {
    const hpa = find('HorizontalPodAutoscaler')
    expect(hpa.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: deployment.metadata.name })
    expect(hpa.spec.metrics[0].resource.name).toBe('cpu')
    expect(container.resources.requests.cpu).toBeDefined()
  })

  it('the server listens on the container port and gives SIGTERM less than the grace period', () => {
    const port = String(container.ports[0].containerPort)
    expect(container.args.join(' ')).toContain(`--host 0.0.0.0 --port ${port}`)
    expect(deployment.spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThan(30)
  })

  it('the Indexed Job runs litmus batch --shard $JOB_COMPLETION_INDEX/N with N its completions', () => {
    expect(job.spec.completionMode).toBe('Indexed')
    const n = job.spec.completions
    expect(job.spec.template.spec.containers[0].args.join(' ')).toMatch(new RegExp(`litmus batch \\S+ \\S+\\s+--shard "\\$JOB_COMPLETION_INDEX/${n}"`))
  })
})
