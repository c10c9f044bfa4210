import jax
import jax.numpy as jnp

from .comm import recv_backward, recv_forward, send_backward, send_forward


def pipeline_step(weights, a):
  """Body run by every stage under shard_map (one stage per device)."""
  fwd_token = send_forward(a)
  data = recv_forward(fwd_token, a)
  # make sure the matmul only starts after the recv finished
  weights_, data = jax.lax.optimization_barrier((weights, data))
  res = jnp.dot(data, weights_)
  bwd_token = send_backward(res)
  return recv_backward(bwd_token, res)
