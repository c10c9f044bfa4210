import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from model import init_stages, stage_fn
from pipeline import make_pipelined

N_STAGES, N_MICRO, BATCH, D = 2, 4, 16, 128

mesh = jax.make_mesh((N_STAGES, 2), ("stage", "data"))
jax.set_mesh(mesh)

params = init_stages(jax.random.key(0), N_STAGES, D)
x = jax.ShapeDtypeStruct((N_MICRO, BATCH, D), jnp.float32,
                         sharding=NamedSharding(mesh, P(None, "data")))
forward = jax.jit(make_pipelined(stage_fn, N_STAGES))
forward.trace(params, x).lower(lowering_platforms=("tpu",))
