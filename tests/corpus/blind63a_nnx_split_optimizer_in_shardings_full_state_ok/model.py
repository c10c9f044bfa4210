from flax import nnx

kinit = nnx.initializers.xavier_uniform()


class MLP(nnx.Module):

  def __init__(self, din, dhidden, dout, *, rngs: nnx.Rngs):
    self.up = nnx.Linear(din, dhidden,
                         kernel_init=nnx.with_partitioning(kinit, (None, 'model')),
                         bias_init=nnx.with_partitioning(nnx.initializers.zeros_init(), ('model',)),
                         rngs=rngs)
    self.down = nnx.Linear(dhidden, dout,
                           kernel_init=nnx.with_partitioning(kinit, ('model', None)),
                           rngs=rngs)
    self.dropout = nnx.Dropout(0.1, rngs=rngs)

  def __call__(self, x):
    return self.down(self.dropout(nnx.relu(self.up(x))))
