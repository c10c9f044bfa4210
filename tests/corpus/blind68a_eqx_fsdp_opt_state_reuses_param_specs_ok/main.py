import jax
import jax.numpy as jnp
import jax.random as jr
import equinox as eqx
import optax
from jax.sharding import PartitionSpec as P

import parallel
from train import build_train_step

n = len(jax.devices())
mesh = jax.sharding.Mesh(jax.devices(), (parallel.AXIS,))

model = eqx.nn.MLP(in_size=32, out_size=8, width_size=128, depth=2, key=jr.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)
param_specs = parallel.make_specs(params, n)

optim = optax.adam(1e-3)
opt_state = optim.init(params)
# adam's mu/nu have the same shapes as the params and shard the same way; the step count is replicated
opt_specs = parallel.make_specs(opt_state, n)

step = jax.jit(
    jax.shard_map(
        build_train_step(static, optim, param_specs, n),
        mesh=mesh,
        in_specs=(param_specs, opt_specs, P(parallel.AXIS), P(parallel.AXIS)),
        out_specs=(param_specs, opt_specs, P()),
    )
)

x = jax.ShapeDtypeStruct((64, 32), jnp.float32)
y = jax.ShapeDtypeStruct((64,), jnp.int32)
step.trace(params, opt_state, x, y).lower(lowering_platforms=("tpu",))
