import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


class DualEncoder(nnx.Module):

  def __init__(self, d_img, d_txt, d, *, rngs):
    self.img = nnx.Linear(d_img, d, rngs=rngs)
    self.txt = nnx.Linear(d_txt, d, rngs=rngs)

  def __call__(self, img, txt):
    zi = self.img(img)
    zt = self.txt(txt)
    norm = lambda z: z / jnp.linalg.norm(z, axis=-1, keepdims=True)
    return norm(zi), norm(zt)


def ring_contrastive_loss(model, img, txt, axis_name):
  zi, zt = model(img, txt)
  n = lax.axis_size(axis_name)
  me = lax.axis_index(axis_name)
  perm = [(j, (j + 1) % n) for j in range(n)]

  def step(k, carry):
    zt_blk, logits = carry
    blk = (me - k) % n
    logits = lax.dynamic_update_slice_in_dim(logits, zi @ zt_blk.T, blk * zi.shape[0], axis=1)
    return lax.ppermute(zt_blk, axis_name, perm), logits

  logits0 = jnp.zeros((zi.shape[0], zi.shape[0] * n))
  _, logits = lax.fori_loop(0, n, step, (zt, lax.pcast(logits0, axis_name, to='varying')))
  labels = me * zi.shape[0] + jnp.arange(zi.shape[0])
  return optax.softmax_cross_entropy_with_integer_labels(logits / 0.07, labels).mean()


mesh = Mesh(np.array(jax.devices()), ('data',))


def per_device(model, img, txt):
  grads = nnx.grad(ring_contrastive_loss)(model, img, txt, 'data')
  return lax.pmean(grads, 'data')


grad_fn = nnx.jit(nnx.shard_map(per_device, mesh=mesh,
                                in_specs=(P(), P('data'), P('data')), out_specs=P()))


def main():
  model = DualEncoder(20, 12, 8, rngs=nnx.Rngs(0))
  img = jnp.ones((16, 20))
  txt = jnp.ones((16, 12))
  grad_fn.trace(model, img, txt).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
