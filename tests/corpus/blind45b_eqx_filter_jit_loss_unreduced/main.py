import equinox as eqx
import jax
import jax.numpy as jnp
import optax

from model import CNN
from train import build_step

mesh = jax.make_mesh((4,), ("dp",))
model = CNN(jax.random.PRNGKey(0))
optim = optax.sgd(1e-2)
opt_state = optim.init(eqx.filter(model, eqx.is_array))
step = build_step(mesh, optim)

params, static = eqx.partition(model, eqx.is_array)


def aot_step(params, opt_state, x, y):
    # AOT-lower the filtered step for the GPU fleet from this CPU box
    new_model, opt_state, loss = step(eqx.combine(params, static), opt_state, x, y)
    return eqx.filter(new_model, eqx.is_array), opt_state, loss


x = jnp.zeros((16, 1, 28, 28), jnp.float32)
y = jnp.zeros((16,), jnp.int32)
print(jax.jit(aot_step).trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",)).as_text()[:40])
