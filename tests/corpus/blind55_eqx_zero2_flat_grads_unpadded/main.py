import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P

from zero import AXIS, make_step

mesh = Mesh(np.array(jax.devices()), (AXIS,))
model = eqx.nn.MLP(in_size=20, out_size=10, width_size=30, depth=2, key=jax.random.key(1))
optim = optax.sgd(1e-2, momentum=0.9)
step, flat = make_step(model, optim)

opt_state = optim.init(flat)
sharded_step = jax.jit(jax.shard_map(
    step, mesh=mesh,
    in_specs=(P(AXIS), P(AXIS), P(AXIS), P(AXIS)),
    out_specs=(P(AXIS), P(AXIS), P())))

x = jnp.ones((64, 20))
y = jnp.zeros((64,), jnp.int32)
sharded_step.trace(flat, opt_state, x, y).lower(lowering_platforms=("tpu",))
