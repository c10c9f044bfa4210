import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


class SpecNorm(nn.Module):
  out: int
  iters: int = 5

  @nn.compact
  def __call__(self, x):
    w = self.param('kernel', nn.initializers.lecun_normal(), (x.shape[-1], self.out))
    return lax.psum(x @ w, 'model')

  def sigma(self, x):
    w = self.get_variable('params', 'kernel')

    def cond(c):
      i, _ = c
      return i < self.iters

    def body(c):
      i, v = c
      u = w @ v
      v = lax.psum(w.T @ u, 'model')
      v = v / jnp.linalg.norm(v)
      return i + 1, v

    _, v = lax.while_loop(cond, body, (0, jnp.ones((self.out,))))
    return jnp.sqrt(lax.psum(jnp.sum((w @ v) ** 2), 'model'))


mesh = Mesh(np.array(jax.devices()), ('model',))


def run(model, params, x):
  f = jax.shard_map(lambda p, x: model.apply(p, x, method=SpecNorm.sigma), mesh=mesh,
                    in_specs=(P('model'), P(None, 'model')), out_specs=P(), check_vma=False)
  return f(params, x)


params = {'params': {'kernel': jnp.zeros((64, 16))}}
jax.jit(run, static_argnums=0).trace(SpecNorm(16), params, jnp.ones((4, 64))).lower(
    lowering_platforms=('cuda',))
