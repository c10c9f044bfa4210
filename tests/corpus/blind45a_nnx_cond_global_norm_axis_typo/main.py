import numpy as np
import jax
import jax.numpy as jnp
import jax.lax as L
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ('data',))


class Classifier(nnx.Module):
  def __init__(self, rngs: nnx.Rngs):
    self.linear = nnx.Linear(8, 3, rngs=rngs)
    self.use_global_norm = nnx.Variable(jnp.array(True))

  def loss(self, x, labels):
    logits = self.linear(x)
    nll = -jnp.take_along_axis(jax.nn.log_softmax(logits), labels[:, None], axis=1)

    def global_mean(m, nll):
      return L.pmean(jnp.mean(nll), 'dp')

    def local_mean(m, nll):
      return jnp.mean(nll)

    return nnx.cond(self.use_global_norm[...], global_mean, local_mean, self, nll)


@nnx.shard_map(mesh=mesh, in_specs=(P(), P('data'), P('data')), out_specs=P(), check_vma=False)
def sharded_loss(model, x, labels):
  return model.loss(x, labels)


@nnx.jit
def eval_step(model, x, labels):
  return sharded_loss(model, x, labels)


model = Classifier(nnx.Rngs(0))
x = jnp.ones((16, 8))
labels = jnp.zeros((16,), jnp.int32)
print(jax.jit(lambda m, x, l: eval_step(m, x, l)).trace(model, x, labels)
      .lower(lowering_platforms=('cuda',)).as_text()[:40])
