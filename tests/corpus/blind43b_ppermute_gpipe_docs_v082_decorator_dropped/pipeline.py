"""GPipe-style SPMD pipeline from the JAX shard_map tutorial."""
import jax
import jax.numpy as jnp

# pipeline parameters, set by configure()
L = S = B = F = M = K = None


def configure(num_layers, num_stages, microbatch, features, batch_size):
  global L, S, B, F, M, K
  L, S, B, F = num_layers, num_stages, microbatch, features
  M, ragged = divmod(batch_size, B)
  assert not ragged
  K, ragged = divmod(M, S)
  assert not ragged


def spmd_pipeline(fn, stage_params, inputs):
  stage = jax.lax.axis_index('stages')
  outputs = jnp.zeros_like(inputs) * jnp.nan
  state = jnp.zeros((L // S, B, F)) * jnp.nan
  for i in range(M + L - 1):
    state = state.at[0].set(jnp.where(stage == 0, inputs[i % K], state[0]))
    state = jax.vmap(fn)(stage_params, state)
    outputs = outputs.at[(i - L + 1) % K].set(
        jnp.where(stage == S - 1, state[-1], outputs[(i - L + 1) % K]))
    state, inputs, outputs = shift(i, state, inputs, outputs)
  outputs = jax.lax.ppermute(outputs, 'stages', [(i, (i + 1) % S) for i in range(S)])
  return outputs


def shift(i, state, inputs, outputs):
  sh = lambda x, d: jax.lax.ppermute(x, 'stages', [(i, (i + d) % S) for i in range(S)])
  state = jnp.roll(state, +1, axis=0).at[0].set(sh(state[-1], +1))
  if (i % K) == (-1 % K):
    inputs = sh(inputs, +1)
  if ((i - L + 1) % K) == (-1 % K):
    outputs = sh(outputs, +1)
  return state, inputs, outputs
