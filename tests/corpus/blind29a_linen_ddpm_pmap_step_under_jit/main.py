"""A pmap-era DDPM training step moved to jit over a NamedSharding mesh, unchanged inside."""
import functools

import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

import train_lib
from unet import UNet

model = UNet()
params = model.init(jax.random.PRNGKey(0), jnp.zeros((1, 16, 16, 3)), jnp.zeros((1,), jnp.int32))["params"]
state = train_lib.TrainState.create(apply_fn=model.apply, params=params,
                                    tx=optax.adamw(2e-4), ema_params=params)
betas = jnp.linspace(1e-4, 0.02, 1000)

mesh = jax.make_mesh((4,), ("batch",), axis_types=(jax.sharding.AxisType.Auto,))
replicated = NamedSharding(mesh, P())
data = NamedSharding(mesh, P("batch"))

p_step = jax.jit(functools.partial(train_lib.train_step, betas=betas),
                 in_shardings=(replicated, data, replicated),
                 out_shardings=(replicated, replicated))
x0 = jnp.zeros((16, 16, 16, 3))
lowered = p_step.trace(state, x0, jax.random.PRNGKey(1)).lower(lowering_platforms=("cuda",))
print("ok")
