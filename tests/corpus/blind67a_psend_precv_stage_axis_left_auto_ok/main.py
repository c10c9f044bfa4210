from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

import model
from pipeline import two_stage_forward

D, BATCH = 512, 64

mesh = jax.make_mesh((2, 2), ("stage", "data"), axis_types=(AxisType.Auto,) * 2)
jax.set_mesh(mesh)

params = jax.jit(model.init, static_argnums=(1, 2),
                 out_shardings=NamedSharding(mesh, P("stage")))(jax.random.key(0), 2, D)


@jax.jit
@partial(jax.shard_map, in_specs=(P("stage"), P("data")), out_specs=P("data"),
         axis_names={"stage", "data"})
def forward(params, x):
  return two_stage_forward(model.layer, params, x)


x = jax.ShapeDtypeStruct((BATCH, D), jnp.float32, sharding=NamedSharding(mesh, P("data")))
forward.trace(params, x).lower(lowering_platforms=("cuda",))
