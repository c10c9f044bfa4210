import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import PartitionSpec as P

from model import make_model
from train import DATA_AXIS, make_train_step

mesh = jax.make_mesh((4,), (DATA_AXIS,))
jax.set_mesh(mesh)

model = make_model(jax.random.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_inexact_array)
optim = optax.adamw(1e-3)
opt_state = optim.init(params)

step = make_train_step(mesh, static, optim)

x = jax.device_put(jnp.ones((32, 16), jnp.float32), P(DATA_AXIS))
y = jax.device_put(jnp.zeros((32, 4), jnp.float32), P(DATA_AXIS))

if __name__ == "__main__":
    print(step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",)).as_text()[:40])
