import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

from vit import ViT


class Evaluator:
  """Sharded evaluation over the 'batch' axis; returns per-example logits and the eval loss."""

  def __init__(self, model: ViT, mesh):
    self.model = model
    self.mesh = mesh
    self.eval_step = nnx.jit(nnx.shard_map(
        self._eval_shard, mesh=mesh,
        in_specs=(P(), P('batch'), P('batch')),
        out_specs=(P('batch'), P(), P())))

  @staticmethod
  def _eval_shard(model, images, labels):
    logits = model(images)
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
    correct = jnp.sum(jnp.argmax(logits, -1) == labels)
    # number of correct predictions over the whole eval batch
    correct = jax.lax.psum(correct, 'batch')
    return logits, loss, correct

  def lower(self, batch_size):
    spec = NamedSharding(self.mesh, P('batch'))
    images = jax.ShapeDtypeStruct((batch_size, 32, 32, 3), jnp.float32, sharding=spec)
    labels = jax.ShapeDtypeStruct((batch_size,), jnp.int32, sharding=spec)
    self.model.eval()
    return self.eval_step.trace(self.model, images, labels).lower(lowering_platforms=('tpu',))


def main():
  mesh = jax.make_mesh((4,), ('batch',), axis_types=(jax.sharding.AxisType.Auto,))
  model = ViT(rngs=nnx.Rngs(0))
  Evaluator(model, mesh).lower(128)


if __name__ == '__main__':
  main()
