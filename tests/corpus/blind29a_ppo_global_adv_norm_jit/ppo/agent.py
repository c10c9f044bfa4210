import flax.linen as nn
import jax
import jax.numpy as jnp
import optax

from . import env


class ActorCritic(nn.Module):
    num_actions: int = env.NUM_ACTIONS

    @nn.compact
    def __call__(self, x):
        h = nn.tanh(nn.Dense(64)(x))
        h = nn.tanh(nn.Dense(64)(h))
        logits = nn.Dense(self.num_actions)(h)
        value = nn.Dense(1)(h)
        return logits, jnp.squeeze(value, -1)


def rollout(apply_fn, params, env_states, key, num_steps):
    def one_step(carry, key):
        states = carry
        obs = states
        logits, values = apply_fn({"params": params}, obs)
        actions = jax.random.categorical(key, logits)
        log_probs = jax.nn.log_softmax(logits)
        logp = jnp.take_along_axis(log_probs, actions[:, None], axis=1)[:, 0]
        states, obs2, rewards, dones = jax.vmap(env.step)(states, actions)
        return states, (obs, actions, logp, values, rewards, dones)

    keys = jax.random.split(key, num_steps)
    env_states, traj = jax.lax.scan(one_step, env_states, keys)
    return env_states, traj


def gae_advantages(rewards, values, dones, last_value, gamma=0.99, lam=0.95):
    def body(carry, xs):
        gae, next_value = carry
        r, v, d = xs
        delta = r + gamma * next_value * (1 - d) - v
        gae = delta + gamma * lam * (1 - d) * gae
        return (gae, v), gae

    _, adv = jax.lax.scan(body, (jnp.zeros_like(last_value), last_value),
                          (rewards, values, dones.astype(jnp.float32)), reverse=True)
    return adv


def ppo_loss(params, apply_fn, obs, actions, old_logp, advantages, returns,
             clip_eps=0.2, vf_coeff=0.5, entropy_coeff=0.01):
    logits, values = apply_fn({"params": params}, obs)
    log_probs = jax.nn.log_softmax(logits)
    logp = jnp.take_along_axis(log_probs, actions[..., None], axis=-1)[..., 0]
    ratio = jnp.exp(logp - old_logp)
    advantages = normalize_global(advantages)
    pg = -jnp.minimum(ratio * advantages,
                      jnp.clip(ratio, 1 - clip_eps, 1 + clip_eps) * advantages).mean()
    vf = jnp.mean((returns - values) ** 2)
    ent = -jnp.mean(jnp.sum(jnp.exp(log_probs) * log_probs, -1))
    return pg + vf_coeff * vf - entropy_coeff * ent


def normalize_global(x, axis_name="devices", eps=1e-8):
    """Normalise with statistics of the whole (multi-device) batch."""
    n = jax.lax.psum(x.size, axis_name)
    mean = jax.lax.psum(x.sum(), axis_name) / n
    var = jax.lax.psum(((x - mean) ** 2).sum(), axis_name) / n
    return (x - mean) / (jnp.sqrt(var) + eps)
