from flax import nnx

KERNEL_AXES = {
    'up': (None, 'model'),
    'down': ('model', None),
}


class MLP(nnx.Module):
  def __init__(self, d_model, d_ff, *, rngs):
    init = nnx.initializers.lecun_normal()
    self.up = nnx.Linear(d_model, d_ff, use_bias=False,
                         kernel_init=nnx.with_partitioning(init, KERNEL_AXES['up']), rngs=rngs)
    self.down = nnx.Linear(d_ff, d_model, use_bias=False,
                           kernel_init=nnx.with_partitioning(init, KERNEL_AXES['down']), rngs=rngs)

  def __call__(self, x):
    return self.down(nnx.gelu(self.up(x)))


def make_model(d_model=32, d_ff=128, seed=0):
  return MLP(d_model, d_ff, rngs=nnx.Rngs(seed))
