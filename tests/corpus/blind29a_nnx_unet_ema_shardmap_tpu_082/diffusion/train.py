import jax
import jax.numpy as jnp
import optax
from flax import nnx

DATA = "data"


def cosine_alpha_bar(t, T=1000):
    return jnp.cos((t / T + 0.008) / 1.008 * jnp.pi / 2) ** 2


def ema_update(ema, params, decay=0.999):
    return jax.tree.map(lambda e, p: decay * e + (1.0 - decay) * p, ema, params)


def make_train_step(graphdef, tx):
    def train_step(params, ema, opt_state, x0, rng):
        # each device draws its own noise and timesteps
        rng = jax.random.fold_in(rng, jax.lax.axis_index(DATA))
        k_t, k_n = jax.random.split(rng)
        b = x0.shape[0]
        t = jax.random.randint(k_t, (b,), 0, 1000)
        noise = jax.random.normal(k_n, x0.shape)
        ab = cosine_alpha_bar(t)[:, None, None, None]
        xt = jnp.sqrt(ab) * x0 + jnp.sqrt(1 - ab) * noise

        def loss_fn(p):
            model = nnx.merge(graphdef, p)
            return jnp.mean((model(xt, t) - noise) ** 2)

        loss, grads = jax.value_and_grad(loss_fn)(params)
        grads = jax.lax.pmean(grads, DATA)
        updates, opt_state = tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        ema = ema_update(ema, params)
        return params, ema, opt_state, jax.lax.pmean(loss, DATA)

    return train_step
