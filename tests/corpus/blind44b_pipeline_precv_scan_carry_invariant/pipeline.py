import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

STAGE = "stage"


def _ring(n):
  return [(i, (i + 1) % n) for i in range(n)]


def send_to_next(x):
  return lax.psend(x, STAGE, _ring(lax.axis_size(STAGE)))


def recv_from_prev(token, like):
  return lax.precv(token, jax.ShapeDtypeStruct(like.shape, like.dtype), STAGE,
                   _ring(lax.axis_size(STAGE)))


def _stage_fn(w, x):
  return jnp.tanh(x @ w)


def gpipe_forward(stage_w, microbatches):
  """Per-stage program: stage_w is this stage's [1, d, d] slice."""
  w = stage_w[0]
  n = lax.axis_size(STAGE)
  idx = lax.axis_index(STAGE)
  num_mb = microbatches.shape[0]
  to_varying = lambda t: lax.pcast(t, STAGE, to="varying")
  state = to_varying(jnp.zeros_like(microbatches[0]))
  outputs = to_varying(jnp.zeros_like(microbatches))

  def tick(carry, i):
    state, outputs = carry
    inp = jnp.where(idx == 0, microbatches[i % num_mb], state)
    out = _stage_fn(w, inp)
    done = (idx == n - 1) & (i >= n - 1)
    slot = jnp.maximum(i - (n - 1), 0)
    outputs = jnp.where(done, outputs.at[slot].set(out), outputs)
    token = send_to_next(out)
    state = recv_from_prev(token, out)
    return (state, outputs), None

  (_, outputs), _ = lax.scan(tick, (state, outputs), jnp.arange(num_mb + n - 1))
  # only the last stage holds real outputs
  return lax.psum(outputs, STAGE)


def make_pipeline(mesh, num_stages):
  if num_stages == 1:
    return jax.jit(gpipe_forward)
  return jax.jit(jax.shard_map(
      gpipe_forward, mesh=mesh, in_specs=(P(STAGE), P()), out_specs=P()))
