"""A pmap-era DDPM training step ported by rebinding: the same function is wrapped in
jax.shard_map over a mesh axis named like the old pmap axis, then jitted."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, PartitionSpec as P

import train_lib
from unet import UNet

model = UNet()
params = model.init(jax.random.PRNGKey(0), jnp.zeros((1, 16, 16, 3)), jnp.zeros((1,), jnp.int32))["params"]
state = train_lib.TrainState.create(apply_fn=model.apply, params=params,
                                    tx=optax.adamw(2e-4), ema_params=params)
betas = jnp.linspace(1e-4, 0.02, 1000)

mesh = Mesh(np.asarray(jax.devices()).reshape(4), axis_names=("batch",))

p_step = functools.partial(train_lib.train_step, betas=betas)
p_step = jax.shard_map(p_step, mesh=mesh, in_specs=(P(), P("batch"), P()),
                       out_specs=(P(), P()))
p_step = jax.jit(p_step)

x0 = jnp.zeros((16, 16, 16, 3))
lowered = p_step.trace(state, x0, jax.random.PRNGKey(1)).lower(lowering_platforms=("cuda",))
print("ok")
