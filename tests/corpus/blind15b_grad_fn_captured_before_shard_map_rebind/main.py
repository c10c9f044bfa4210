import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('data',))


def loss_fn(params, tokens, mask):
  emb = params['embed'][tokens]
  logits = emb @ params['embed'].T
  logp = jax.nn.log_softmax(logits)
  nll = -jnp.take_along_axis(logp, tokens[..., None], axis=-1)[..., 0]
  total = jax.lax.psum(jnp.sum(nll * mask), 'data')
  count = jax.lax.psum(jnp.sum(mask), 'data')
  return total / count


grad_fn = jax.value_and_grad(loss_fn)

loss_fn = jax.shard_map(loss_fn, mesh=mesh, in_specs=(P(), P('data'), P('data')),
                        out_specs=P())


@jax.jit
def train_step(params, tokens, mask):
  loss, grads = grad_fn(params, tokens, mask)
  params = jax.tree.map(lambda p, g: p - 1e-3 * g, params, grads)
  return params, loss


params = {'embed': jnp.zeros((1000, 64))}
tokens = jnp.zeros((16, 32), jnp.int32)
mask = jnp.ones((16, 32))
train_step.trace(params, tokens, mask).lower(lowering_platforms=('cuda',))
