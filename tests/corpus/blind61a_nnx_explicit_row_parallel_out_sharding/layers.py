from flax import nnx
from jax.sharding import PartitionSpec as P

init = nnx.initializers.lecun_normal()
zeros = nnx.initializers.zeros_init()


class FeedForward(nnx.Module):
  """Column-parallel up projection followed by a row-parallel down projection."""

  def __init__(self, dim: int, hidden: int, *, rngs: nnx.Rngs):
    self.up = nnx.Linear(
        dim, hidden,
        kernel_init=nnx.with_partitioning(init, (None, "model")),
        bias_init=nnx.with_partitioning(zeros, ("model",)),
        rngs=rngs,
    )
    self.down = nnx.Linear(
        hidden, dim,
        kernel_init=nnx.with_partitioning(init, ("model", None)),
        bias_init=nnx.with_partitioning(zeros, (None,)),
        rngs=rngs,
    )

  def __call__(self, x):
    h = nnx.relu(self.up(x))  # batch on data, hidden on model
    # contracting over the model-sharded hidden dim: say where the sum lands
    return self.down(h, out_sharding=P("data", None))
