from flax import nnx

lecun = nnx.initializers.lecun_normal()
zeros = nnx.initializers.zeros_init()


class FeedForward(nnx.Module):
  def __init__(self, d_model: int, d_ff: int, *, rngs: nnx.Rngs):
    self.wi = nnx.Linear(d_model, d_ff,
                         kernel_init=nnx.with_partitioning(lecun, (None, 'model')),
                         bias_init=nnx.with_partitioning(zeros, ('model',)),
                         rngs=rngs)
    self.wo = nnx.Linear(d_ff, d_model,
                         kernel_init=nnx.with_partitioning(lecun, ('model', None)),
                         bias_init=nnx.with_partitioning(zeros, (None,)),
                         rngs=rngs)
