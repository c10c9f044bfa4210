from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

N_STAGES = 4
N_MICRO = 8
mesh = jax.make_mesh((N_STAGES,), ("stage",),
                     axis_types=(jax.sharding.AxisType.Explicit,))
FORWARD = [(i, i + 1) for i in range(N_STAGES - 1)]


def stage_fn(w, h):
  return jax.nn.gelu(h @ w)


@jax.jit
@partial(jax.shard_map, mesh=mesh,
         in_specs=(P("stage"), P()), out_specs=P("stage"))
def pipeline(stage_w, microbatches):
  w = stage_w[0]                                   # this stage's [d, d] weight
  stage = lax.axis_index("stage")
  inbox = jnp.zeros_like(microbatches[0])
  inbox = lax.pcast(inbox, "stage", to="varying")

  def tick(inbox, t):
    mb = microbatches[jnp.minimum(t, N_MICRO - 1)]
    h = jnp.where(stage == 0, mb, inbox)
    y = stage_fn(w, h)
    token = lax.psend(y, "stage", FORWARD)
    nxt = lax.precv(token, jax.ShapeDtypeStruct(y.shape, y.dtype), "stage", FORWARD)
    return nxt, y

  _, outs = lax.scan(tick, inbox, jnp.arange(N_MICRO + N_STAGES - 1))
  return outs[None, N_STAGES - 1:]                 # what this stage produced per microbatch


if __name__ == "__main__":
  w = jax.ShapeDtypeStruct((N_STAGES, 256, 256), jnp.float32,
                           sharding=NamedSharding(mesh, P("stage")))
  xs = jax.ShapeDtypeStruct((N_MICRO, 16, 256), jnp.float32,
                            sharding=NamedSharding(mesh, P()))
  pipeline.trace(w, xs).lower(lowering_platforms=("cuda",))
