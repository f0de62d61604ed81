// Carbon of one model call, by the Cloud Carbon Footprint (CCF) method:
//   hours           = latency_ms / 3,600,000
//   W per vCPU      = min + utilisation × (max − min)                  (utilisation fixed at 50 %, as CCF)
//   operational_cpu = vCPUs × W per vCPU × hours / 1000 × PUE × grid kg/kWh
//   operational_gpu = GPUs  × W per GPU  × hours / 1000 × PUE × grid kg/kWh
//   embodied_cpu    = platform embodied kg × hours / lifespan hours × vCPUs / largest vCPUs in the family
// Tables: src/models/carbon.generated.ts (CCF, Apache-2.0). docs/carbon-cost.md works an example by hand.
import { invalidArgument } from '../../errors.js'
import type { GridRow, InstanceRow } from '../../models/carbon.generated.js'
import type { RequestOf, ResponseOf } from '../../schema/types.js'
import type { Context, Scorer } from '../shared/context.js'
import { checked, defineMetric, defineModel } from '../shared/metric.js'
import { article, didYouMean, normName, suggest } from '../shared/names.js'

export type Cloud = 'aws' | 'azure' | 'gcp'
type Component = 'operational_cpu' | 'operational_gpu' | 'embodied_cpu'

const CLOUDS: Record<string, Cloud> = {
  aws: 'aws',
  amazon: 'aws',
  amazonwebservices: 'aws',
  ec2: 'aws',
  gcp: 'gcp',
  google: 'gcp',
  googlecloud: 'gcp',
  googlecloudplatform: 'gcp',
  gce: 'gcp',
  azure: 'azure',
  microsoftazure: 'azure',
  microsoft: 'azure'
}

/** Calls in the v3 "project" figure, the same 10,000 as Cost's `total_project_cost_estimate`. */
export const PROJECT_CALLS = 10_000
const MS_PER_HOUR = 3_600_000

// The shipped tables are the same for every Evaluator, so the chunk is kept once.
let tables: typeof import('../../models/carbon.generated.js')

/** CCF constants and instance tables. */
export const carbonModel = defineModel(
  'carbon',
  () => import('../../models/carbon.generated.js'),
  (_ctx, chunk) => {
    tables = chunk
  }
)

// Lookup maps are built on first use: most users never call carbon, and the tables hold ~1,200 rows.
let instanceIndex: Record<Cloud, Map<string, InstanceRow>> | undefined
let regionIndex: Record<Cloud, Map<string, GridRow>> | undefined

function instanceKey(cloud: Cloud, name: string): string {
  // SageMaker writes EC2 hardware as ml.g5.xlarge.
  let n = normName(cloud === 'aws' ? name.trim().replace(/^ml\./i, '') : name)
  // Azure's API and ARM templates write sizes as Standard_D4s_v3; CCF writes "D4s v3".
  if (cloud === 'azure') n = n.replace(/^(standard|basic)/, '')
  return n
}

function indexes() {
  if (!instanceIndex || !regionIndex) {
    instanceIndex = { aws: new Map(), azure: new Map(), gcp: new Map() }
    regionIndex = { aws: new Map(), azure: new Map(), gcp: new Map() }
    for (const cloud of ['aws', 'azure', 'gcp'] as const) {
      for (const row of tables.INSTANCES[cloud]) instanceIndex[cloud].set(instanceKey(cloud, row[0]), row)
      for (const row of tables.GRID[cloud]) for (const alias of row[1]) regionIndex[cloud].set(alias, row)
    }
  }
  return { instances: instanceIndex, regions: regionIndex }
}

/** Names of the fields a request uses, so errors name the caller's field (v3 and v4 differ). */
interface Fields {
  requestType: string
  provider: string
  region: string
  instance: string
  latency: string
  processor?: string
}

export function resolveCloud(provider: string, f: Fields): Cloud {
  const key = normName(provider)
  const cloud = Object.hasOwn(CLOUDS, key) ? CLOUDS[key] : undefined
  if (!cloud) {
    throw invalidArgument(
      f.requestType,
      f.provider,
      didYouMean('one of aws, gcp, azure', suggest(provider, ['aws', 'gcp', 'azure'], 1)),
      'cloud provider',
      provider
    )
  }
  return cloud
}

function resolveRegion(cloud: Cloud, region: string, f: Fields): GridRow {
  const map = indexes().regions[cloud]
  const key = normName(region)
  // Availability zones (us-east-1a, us-central1-a) and Azure zone suffixes run on their region's grid.
  const row = map.get(key) ?? map.get(key.replace(/(\d)[a-z]$/, '$1'))
  if (row) return row
  throw invalidArgument(
    f.requestType,
    f.region,
    didYouMean(`${article(cloud)} region with a grid emission factor`, suggest(region, tables.GRID[cloud].map((r) => r[0]))),
    'cloud region',
    region
  )
}

function resolveInstance(cloud: Cloud, name: string, f: Fields): InstanceRow {
  const row = indexes().instances[cloud].get(instanceKey(cloud, name))
  if (row) return row
  throw invalidArgument(
    f.requestType,
    f.instance,
    didYouMean(`${article(cloud)} instance type known to Cloud Carbon Footprint`, suggest(name, tables.INSTANCES[cloud].map((r) => r[0]))),
    'instance type',
    name
  )
}

const VENDOR_WORDS = /^(nvidia|tesla|intel|xeon|amd|aws|xilinx)+/

function processorKeys(name: string): string[] {
  const n = normName(name)
  const bare = n.replace(VENDOR_WORDS, '')
  return bare && bare !== n ? [n, bare] : [n]
}

interface ProcessorChoice {
  kind: 'cpu' | 'gpu' | 'instance'
  name: string
}

/**
 * v3's processor_name picks the coefficients CCF would use for that processor, overriding the instance
 * table's choice: a CPU microarchitecture (Cascade Lake, AMD EPYC 2nd Gen, Graviton2) sets the CPU watts,
 * a GPU model (A100, T4) the GPU watts. Anything else is an error with the known names.
 */
function resolveProcessor(cloud: Cloud, instance: InstanceRow, name: string, f: Fields): ProcessorChoice {
  const c = tables.PROVIDER_CONSTANTS[cloud]
  const q = normName(name)
  const candidates: [string, ProcessorChoice][] = []
  for (const cpu of Object.keys(c.cpu)) for (const k of processorKeys(cpu)) candidates.push([k, { kind: 'cpu', name: cpu }])
  for (const gpu of Object.keys(c.gpu)) for (const k of processorKeys(gpu)) candidates.push([k, { kind: 'gpu', name: gpu }])
  for (const own of [...instance[4].split('|'), instance[8] ?? '']) {
    if (own) for (const k of processorKeys(own)) candidates.push([k, { kind: 'instance', name: own }])
  }
  let hit = candidates.find(([k]) => k === q || k === q.replace(VENDOR_WORDS, ''))
  // Longer names that contain a known one ("Intel Xeon Platinum (Cascade Lake)", "NVIDIA A100-SXM4-40GB").
  if (!hit) {
    const within = candidates.filter(([k]) => k.length >= 3 && q.includes(k)).sort((a, b) => b[0].length - a[0].length)
    hit = within[0]
  }
  if (!hit) {
    const names = [...Object.keys(c.cpu), ...Object.keys(c.gpu)]
    throw invalidArgument(
      f.requestType,
      f.processor ?? 'processor_name',
      didYouMean(`a CPU microarchitecture or GPU model known for ${cloud}`, suggest(name, names)),
      'processor (CPU or GPU) name',
      name
    )
  }
  const choice = hit[1]
  if (choice.kind === 'gpu' && instance[7] === 0) {
    throw invalidArgument(
      f.requestType,
      f.processor ?? 'processor_name',
      `a CPU name: instance ${instance[0]} has no GPU`,
      'processor (CPU or GPU) name',
      name
    )
  }
  return choice
}

export interface CarbonBreakdown {
  provider: Cloud
  region: string
  instance_type: string
  latency_ms: number
  hours: number
  pue: number
  grid_kg_co2e_per_kwh: number
  utilization: number
  cpu: { vcpus: number; processors: string; min_watts_per_vcpu: number; max_watts_per_vcpu: number; watts: number; kwh: number }
  gpu: { count: number; model: string | null; min_watts: number; max_watts: number; watts: number; kwh: number }
  embodied: {
    platform_kg_co2e: number | null
    lifespan_hours: number
    vcpus: number
    largest_vcpus_in_family: number
    note?: string
  }
  components: Record<Component, number>
  total_kg_co2e: number
  source: (typeof tables)['CARBON_SOURCE']
}

export interface CarbonInput {
  provider: string
  region: string
  instance_type: string
  latency: number
  processor?: string
}

export function estimateCarbon(input: CarbonInput, f: Fields): CarbonBreakdown {
  const cloud = resolveCloud(input.provider, f)
  const grid = resolveRegion(cloud, input.region, f)
  const inst = resolveInstance(cloud, input.instance_type, f)
  const c = tables.PROVIDER_CONSTANTS[cloud]
  const [name, vcpus, embodiedT, largest, processors] = inst
  let [cpuMin, cpuMax, gpuCount, gpuModel, gpuMin, gpuMax] = [inst[5], inst[6], inst[7], inst[8], inst[9] ?? 0, inst[10] ?? 0]
  let cpuNames = processors
  if (input.processor !== undefined) {
    const p = resolveProcessor(cloud, inst, input.processor, f)
    if (p.kind === 'cpu') [cpuMin, cpuMax, cpuNames] = [c.cpu[p.name][0], c.cpu[p.name][1], p.name]
    else if (p.kind === 'gpu') [gpuModel, gpuMin, gpuMax] = [p.name, c.gpu[p.name][0], c.gpu[p.name][1]]
  }
  const hours = input.latency / MS_PER_HOUR
  const pue = c.pueByRegion[grid[0]] ?? c.pue
  const ef = grid[2]
  const u = c.utilization
  const cpuWatts = vcpus * (cpuMin + u * (cpuMax - cpuMin))
  const gpuWatts = gpuCount * (gpuMin + u * (gpuMax - gpuMin))
  const cpuKwh = (cpuWatts * hours * pue) / 1000
  const gpuKwh = (gpuWatts * hours * pue) / 1000
  const embodiedKg = embodiedT === null ? 0 : ((embodiedT * 1000 * hours) / c.lifespanHours) * (vcpus / largest)
  const components = { operational_cpu: cpuKwh * ef, operational_gpu: gpuKwh * ef, embodied_cpu: embodiedKg }
  const total = components.operational_cpu + components.operational_gpu + components.embodied_cpu
  if (!Number.isFinite(total * PROJECT_CALLS)) {
    throw invalidArgument(f.requestType, f.latency, 'a latency small enough for a finite estimate', 'latency in milliseconds', input.latency)
  }
  return {
    provider: cloud,
    region: grid[0],
    instance_type: name,
    latency_ms: input.latency,
    hours,
    pue,
    grid_kg_co2e_per_kwh: ef,
    utilization: u,
    cpu: { vcpus, processors: cpuNames, min_watts_per_vcpu: cpuMin, max_watts_per_vcpu: cpuMax, watts: cpuWatts, kwh: cpuKwh },
    gpu: { count: gpuCount, model: gpuModel, min_watts: gpuMin, max_watts: gpuMax, watts: gpuWatts, kwh: gpuKwh },
    embodied: {
      platform_kg_co2e: embodiedT === null ? null : embodiedT * 1000,
      lifespan_hours: c.lifespanHours,
      vcpus,
      largest_vcpus_in_family: largest,
      ...(embodiedT === null ? { note: 'Cloud Carbon Footprint has no embodied figure for this size; counted as 0' } : {})
    },
    components,
    total_kg_co2e: total,
    source: tables.CARBON_SOURCE
  }
}

const kg = (value: number) => ({ value, unit: 'kg_co2e' as const })
const componentList = (b: CarbonBreakdown, scale = 1) =>
  (['operational_cpu', 'operational_gpu', 'embodied_cpu'] as const).map((component) => ({
    component,
    carbon: kg(b.components[component] * scale)
  }))

export const V4_FIELDS: Fields = {
  requestType: 'CarbonRequest',
  provider: 'provider',
  region: 'region',
  instance: 'instance_type',
  latency: 'latency'
}
export const V3_FIELDS: Fields = {
  requestType: 'V3CarbonRequest',
  provider: 'provider_name',
  region: 'provider_region',
  instance: 'instance_type',
  latency: 'average_latency',
  processor: 'processor_name'
}

export const fromV3 = (r: RequestOf<'v3.carbon'>): CarbonInput => ({
  provider: r.provider_name,
  region: r.provider_region,
  instance_type: r.instance_type,
  latency: r.average_latency,
  processor: r.processor_name
})

export function v4Response(b: CarbonBreakdown): Omit<ResponseOf<'carbon'>, 'metadata'> {
  return { carbon: kg(b.total_kg_co2e), components: componentList(b) }
}

export function v3Response(b: CarbonBreakdown): Omit<ResponseOf<'v3.carbon'>, 'metadata'> {
  return {
    carbon_estimate_per_query: kg(b.total_kg_co2e),
    total_project_carbon_estimate: kg(b.total_kg_co2e * PROJECT_CALLS),
    components: componentList(b)
  }
}

const score: Scorer<'carbon'> = (r) => v4Response(estimateCarbon(r, V4_FIELDS))
const v3Score: Scorer<'v3.carbon'> = (r) => v3Response(estimateCarbon(fromV3(r), V3_FIELDS))

/** Carbon figures with every constant behind them; takes a v4 `carbon` or a `v3.carbon` request. */
const explain = (_ctx: Context) => (request: RequestOf<'carbon'> | RequestOf<'v3.carbon'>): CarbonBreakdown => {
  if (typeof request === 'object' && request !== null && 'provider_name' in request) {
    return estimateCarbon(fromV3(checked('v3.carbon')(request)), V3_FIELDS)
  }
  return estimateCarbon(checked('carbon')(request), V4_FIELDS)
}

export const carbon = defineMetric({
  name: 'carbon',
  score,
  v3: { name: 'v3.carbon', score: v3Score },
  models: [carbonModel],
  explain,
  extras: { explainCarbon: explain }
})
