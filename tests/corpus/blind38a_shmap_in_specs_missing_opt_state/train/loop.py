import equinox as eqx
import jax
import jax.numpy as jnp
import optax


def build_step(optim, static, axis="data"):
    def step(params, opt_state, x, y):
        def loss_fn(p):
            return jnp.mean((jax.vmap(eqx.combine(p, static))(x) - y) ** 2)

        grads = jax.lax.pmean(jax.grad(loss_fn)(params), axis)
        updates, opt_state = optim.update(grads, opt_state, params)
        return eqx.apply_updates(params, updates), opt_state

    return step
