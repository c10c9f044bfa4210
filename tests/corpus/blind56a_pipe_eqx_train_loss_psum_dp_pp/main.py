import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from model import stacked_stages
from train import make_step

N_STAGES, D, N_MB, MB = 2, 128, 4, 8

mesh = Mesh(np.array(jax.devices()).reshape(2, N_STAGES), ("data", "stage"))
stages = stacked_stages(N_STAGES, D, jax.random.key(0))
params, static = eqx.partition(stages, eqx.is_array)

step = make_step(static, N_STAGES)
param_spec = jax.tree.map(lambda _: P("stage"), params)
step = jax.shard_map(step, mesh=mesh,
                     in_specs=(param_spec, P(None, "data"), P(None, "data")),
                     out_specs=(param_spec, P()))
step = jax.jit(step, donate_argnums=0)

mbs = jax.ShapeDtypeStruct((N_MB, MB * 2, D), jnp.float32)
step.trace(params, mbs, mbs).lower(lowering_platforms=("tpu",))
