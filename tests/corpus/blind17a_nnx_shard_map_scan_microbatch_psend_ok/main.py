import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

STAGES = 4
mesh = Mesh(np.array(jax.devices()).reshape(STAGES), ("stage",))
FWD = [(s, s + 1) for s in range(STAGES - 1)]


class Stage(nnx.Module):
  def __init__(self, d, rngs):
    self.proj = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):
    return nnx.gelu(self.proj(x))


@nnx.vmap(in_axes=0, out_axes=0)
def make_stages(key):
  return Stage(64, nnx.Rngs(key))


def to_next_stage(h):
  tok = lax.psend(h, "stage", FWD)
  return lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), "stage", FWD)


@nnx.jit
def pipeline(stages, microbatches):
  @nnx.shard_map(mesh=mesh, in_specs=(P("stage"), P()), out_specs=P("stage"), check_vma=False)
  def run(stage_shard, mbs):
    # each device holds one stage; drop the leading length-1 stage dim
    gdef, st = nnx.split(stage_shard)
    stage = nnx.merge(gdef, jax.tree.map(lambda a: a[0], st))

    @nnx.scan(in_axes=(None, nnx.Carry, 0), out_axes=(nnx.Carry, 0))
    def tick(stage, inflight, mb):
      first = lax.axis_index("stage") == 0
      inp = jnp.where(first, mb, inflight)
      out = stage(inp)
      return to_next_stage(out), out

    _, outs = tick(stage, jnp.zeros_like(mbs[0]), mbs)
    return outs[None]

  return run(stages, microbatches)


stages = make_stages(jax.random.split(jax.random.key(0), STAGES))
mbs = jnp.ones((8, 16, 64))
pipeline.trace(stages, mbs).lower(lowering_platforms=("cuda",))
