import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import optax

import parallel

mesh = parallel.make_mesh()
model = eqx.nn.MLP(16, 1, 64, 3, activation=jax.nn.tanh, key=jr.key(42))
params, static = eqx.partition(model, eqx.is_inexact_array)
optim = optax.sgd(3e-3)
opt_state = optim.init(params)


@jax.jit
def make_step(params, opt_state, x, y):
    def loss(params):
        m = eqx.combine(params, static)
        return jnp.mean((jax.vmap(m)(x) - y) ** 2)

    l, grads = jax.value_and_grad(loss)(params)
    updates, opt_state = optim.update(grads, opt_state)
    return eqx.apply_updates(params, updates), opt_state, l


with jax.set_mesh(mesh):
    params, opt_state = jax.device_put((params, opt_state), parallel.replicated(mesh))
    x = jax.device_put(jnp.ones((64, 16)), parallel.data_sharding(mesh))
    y = jax.device_put(jnp.ones((64, 1)), parallel.data_sharding(mesh))
    lowered = make_step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
print("lowered")
