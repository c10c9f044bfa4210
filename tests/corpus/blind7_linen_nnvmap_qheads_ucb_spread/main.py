import flax.linen as nn
from flax.training.train_state import TrainState
import jax
from jax import lax
import jax.numpy as jnp
import optax


class QHead(nn.Module):
  num_actions: int

  @nn.compact
  def __call__(self, features):
    q = nn.Dense(self.num_actions)(nn.relu(nn.Dense(64)(features)))
    q_mean = lax.pmean(q, 'head')
    q_std = jnp.sqrt(lax.pmean((q - q_mean) ** 2, 'head') + 1e-6)
    return q, q_mean, q_std


class BootstrappedQNet(nn.Module):
  num_heads: int
  num_actions: int
  ucb_coef: float = 1.0

  def setup(self):
    self.torso = nn.Dense(128)
    Heads = nn.vmap(QHead, variable_axes={'params': 0}, split_rngs={'params': True},
                    in_axes=None, out_axes=0, axis_size=self.num_heads, axis_name='head')
    self.heads = Heads(self.num_actions)

  def __call__(self, obs):
    return self.heads(nn.relu(self.torso(obs)))

  def ucb_action(self, obs):
    q, q_mean, _ = self(obs)
    spread = lax.pmax(q, 'head') - lax.pmin(q, 'head')
    return jnp.argmax(q_mean[0] + self.ucb_coef * spread[0], axis=-1)


NUM_HEADS, NUM_ACTIONS, OBS_DIM = 5, 4, 16
net = BootstrappedQNet(NUM_HEADS, NUM_ACTIONS)
obs = jnp.zeros((32, OBS_DIM))
state = TrainState.create(apply_fn=net.apply, params=net.init(jax.random.key(0), obs),
                          tx=optax.adam(3e-4))


@jax.jit
def td_step(state, target_params, obs, actions, rewards, next_obs, masks):
  next_q, _, _ = state.apply_fn(target_params, next_obs)
  targets = rewards + 0.99 * next_q.max(-1)

  def loss_fn(params):
    q, _, _ = state.apply_fn(params, obs)
    q_a = jnp.take_along_axis(q, jnp.broadcast_to(actions[None, :, None], q.shape[:2] + (1,)),
                              axis=-1)[..., 0]
    return jnp.sum(masks * (q_a - jax.lax.stop_gradient(targets)) ** 2) / masks.sum()

  loss, grads = jax.value_and_grad(loss_fn)(state.params)
  return state.apply_gradients(grads=grads), loss


act = jax.jit(lambda params, o: net.apply(params, o, method=BootstrappedQNet.ucb_action))

batch = dict(obs=obs, actions=jnp.zeros((32,), jnp.int32), rewards=jnp.zeros((NUM_HEADS, 32)),
             next_obs=obs, masks=jnp.ones((NUM_HEADS, 32)))
td_step.trace(state, state.params, **batch).lower(lowering_platforms=('cuda',))
act.trace(state.params, obs).lower(lowering_platforms=('cuda',))
