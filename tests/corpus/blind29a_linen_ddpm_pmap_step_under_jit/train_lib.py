"""Training step written for jax.pmap(train_step, axis_name='batch')."""
import jax
import jax.numpy as jnp
import optax
from flax.training import train_state


class TrainState(train_state.TrainState):
    ema_params: dict


def q_sample(x0, t, noise, betas):
    abar = jnp.cumprod(1.0 - betas)[t][:, None, None, None]
    return jnp.sqrt(abar) * x0 + jnp.sqrt(1.0 - abar) * noise


def train_step(state, x0, rng, betas, ema_decay=0.9999):
    rng = jax.random.fold_in(rng, jax.lax.axis_index("batch"))
    t_rng, n_rng = jax.random.split(rng)
    t = jax.random.randint(t_rng, (x0.shape[0],), 0, betas.shape[0])
    noise = jax.random.normal(n_rng, x0.shape)
    xt = q_sample(x0, t, noise, betas)

    def loss_fn(params):
        pred = state.apply_fn({"params": params}, xt, t)
        return jnp.mean(optax.l2_loss(pred, noise))

    loss, grads = jax.value_and_grad(loss_fn)(state.params)
    grads = jax.lax.pmean(grads, axis_name="batch")
    state = state.apply_gradients(grads=grads)
    ema = jax.tree_util.tree_map(lambda e, p: ema_decay * e + (1 - ema_decay) * p,
                                 state.ema_params, state.params)
    return state.replace(ema_params=ema), jax.lax.pmean(loss, "batch")
