import jax
import jax.numpy as jnp
import jax.random as jr
import equinox as eqx
import optax

from model import DeepResNet
from train import AXIS, make_step

mesh = jax.make_mesh((4,), (AXIS,))

model = DeepResNet(in_size=20, dim=64, out_size=5, num_layers=12, key=jr.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)
optim = optax.adam(1e-3)
opt_state = optim.init(params)

step = make_step(mesh, static, optim)

x = jax.ShapeDtypeStruct((128, 20), jnp.float32)
y = jax.ShapeDtypeStruct((128,), jnp.int32)
step.trace(params, opt_state, x, y).lower(lowering_platforms=("tpu",))
