import jax
import jax.numpy as jnp
from jax import lax

ENV_AXIS = 'envs'


def gae_advantages(rewards, terminal_masks, values, discount, gae_param):
  """Generalized advantage estimation for one environment's trajectory."""
  def step(gae, t):
    delta = rewards[t] + discount * values[t + 1] * terminal_masks[t] - values[t]
    gae = delta + discount * gae_param * terminal_masks[t] * gae
    return gae, gae

  _, adv = lax.scan(step, 0.0, jnp.arange(rewards.shape[0]), reverse=True)
  return adv


def normalized_advantages(rewards, masks, values, discount=0.99, gae_param=0.95):
  adv = gae_advantages(rewards, masks, values, discount, gae_param)
  # statistics over all actors (the vmapped env axis) and time
  mean = lax.pmean(adv.mean(), ENV_AXIS)
  var = lax.pmean(((adv - mean) ** 2).mean(), ENV_AXIS)
  return (adv - mean) / jnp.sqrt(var + 1e-8)


def loss_fn(params, apply_fn, states, actions, old_log_probs, returns, advantages,
            clip_param=0.1, vf_coeff=0.5, entropy_coeff=0.01):
  log_probs, values = apply_fn({'params': params}, states)
  values = values[:, 0]
  probs = jnp.exp(log_probs)
  value_loss = jnp.mean(jnp.square(returns - values), axis=0)
  entropy = jnp.sum(-probs * log_probs, axis=1).mean()
  lp = jax.vmap(lambda lp, a: lp[a])(log_probs, actions)
  ratios = jnp.exp(lp - old_log_probs)
  pg = jnp.minimum(ratios * advantages,
                   jnp.clip(ratios, 1 - clip_param, 1 + clip_param) * advantages)
  return -jnp.mean(pg) + vf_coeff * value_loss - entropy_coeff * entropy


@jax.jit
def train_step(state, trajectories):
  states, actions, old_log_probs, rewards, masks, values = trajectories
  advantages = jax.vmap(normalized_advantages, axis_name=ENV_AXIS)(rewards, masks, values)
  returns = advantages + values[:, :-1]
  flat = lambda x: x.reshape((-1,) + x.shape[2:])
  grads = jax.grad(loss_fn)(state.params, state.apply_fn, flat(states), flat(actions),
                            flat(old_log_probs), flat(returns), flat(advantages))
  return state.apply_gradients(grads=grads)
