"""PPO update compiled with jax.jit over environments sharded with NamedSharding
(automatic partitioning). The loss normalises advantages with psum over 'devices'."""
import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

from ppo import agent, env

NUM_ENVS = 16
NUM_STEPS = 8

model = agent.ActorCritic()
params = model.init(jax.random.PRNGKey(0), jnp.zeros((1, env.OBS_DIM)))["params"]
tx = optax.adam(2.5e-4)
opt_state = tx.init(params)


def update(params, opt_state, env_states, key):
    env_states, (obs, actions, logp, values, rewards, dones) = agent.rollout(
        model.apply, params, env_states, key, NUM_STEPS)
    _, last_value = model.apply({"params": params}, env_states)
    adv = agent.gae_advantages(rewards, values, dones, last_value)
    loss, grads = jax.value_and_grad(agent.ppo_loss)(
        params, model.apply, obs, actions, logp, adv, adv + values)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, env_states, loss


mesh = jax.sharding.Mesh(jax.devices(), ("devices",))
env_sharding = NamedSharding(mesh, P("devices"))
replicated = NamedSharding(mesh, P())
jit_update = jax.jit(update, in_shardings=(replicated, replicated, env_sharding, replicated),
                     out_shardings=(replicated, replicated, env_sharding, replicated))

env_states = jax.vmap(env.reset)(jax.random.split(jax.random.PRNGKey(1), NUM_ENVS))
lowered = jit_update.trace(params, opt_state, env_states, jax.random.PRNGKey(2)).lower(
    lowering_platforms=("cuda",))
print("ok")
