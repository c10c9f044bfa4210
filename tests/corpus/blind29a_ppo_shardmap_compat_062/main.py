"""PPO on a vmapped pure-JAX environment, through a version-compat shard_map wrapper: each device
steps its slice of the environments, gradients are averaged over the 'devices' axis."""
import functools

import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

from ppo import agent, env
from ppo.compat import shard_map

NUM_ENVS = 16
NUM_STEPS = 8

model = agent.ActorCritic()
params = model.init(jax.random.PRNGKey(0), jnp.zeros((1, env.OBS_DIM)))["params"]
tx = optax.chain(optax.clip_by_global_norm(0.5), optax.adam(2.5e-4))
opt_state = tx.init(params)


def update(params, opt_state, env_states, key):
    key = jax.random.fold_in(key, jax.lax.axis_index("devices"))
    env_states, (obs, actions, logp, values, rewards, dones) = agent.rollout(
        model.apply, params, env_states, key, NUM_STEPS)
    _, last_value = model.apply({"params": params}, env_states)
    adv = agent.gae_advantages(rewards, values, dones, last_value)
    returns = adv + values
    loss, grads = jax.value_and_grad(agent.ppo_loss)(
        params, model.apply, obs, actions, logp, adv, returns)
    grads = jax.lax.pmean(grads, axis_name="devices")
    updates, opt_state = tx.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    return params, opt_state, env_states, jax.lax.pmean(loss, "devices")


mesh = jax.make_mesh((jax.device_count(),), ("devices",))
p_update = jax.jit(shard_map(update, mesh,
                             (P(), P(), P("devices"), P()),
                             (P(), P(), P("devices"), P())))

keys = jax.random.split(jax.random.PRNGKey(1), NUM_ENVS)
env_states = jax.device_put(jax.vmap(env.reset)(keys), NamedSharding(mesh, P("devices")))
lowered = p_update.trace(params, opt_state, env_states, jax.random.PRNGKey(2)).lower(
    lowering_platforms=("cuda",))
print("ok")
