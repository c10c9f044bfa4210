from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

import config
from pipeline import gpipe

mesh = jax.make_mesh((4,), ("stage",), axis_types=(AxisType.Auto,))


def make_params(n_stages):
  sd = lambda *s: jax.ShapeDtypeStruct(s, jnp.float32)
  L, D = config.LAYERS_PER_STAGE, config.D_MODEL
  return {"w1": sd(n_stages, L, D, 4 * D), "w2": sd(n_stages, L, 4 * D, D)}


param_specs = {"w1": P("stage"), "w2": P("stage")}

pipelined = jax.shard_map(
    partial(gpipe, num_stages=config.NUM_STAGES),
    mesh=mesh,
    in_specs=(param_specs, P()),
    out_specs=P(),
)


@jax.jit
def loss_fn(params, microbatches, targets):
  out = pipelined(params, microbatches)
  return jnp.mean((out - targets) ** 2)


params = make_params(mesh.shape["stage"])
mb = jax.ShapeDtypeStruct((config.NUM_MICROBATCHES, config.MICROBATCH_SIZE, config.D_MODEL),
                          jnp.float32)
loss_fn.trace(params, mb, mb).lower(lowering_platforms=("cuda",))
