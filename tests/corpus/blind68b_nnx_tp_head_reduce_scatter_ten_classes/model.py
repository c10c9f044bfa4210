from flax import nnx

from parallel.collectives import TP, finish_row_parallel

lecun = nnx.initializers.lecun_normal()
zeros = nnx.initializers.zeros_init()


class TPClassifier(nnx.Module):

  def __init__(self, din, dhidden, nclass, *, rngs: nnx.Rngs):
    self.fc1 = nnx.Linear(din, dhidden,
                          kernel_init=nnx.with_partitioning(lecun, (None, TP)),
                          bias_init=nnx.with_partitioning(zeros, (TP,)),
                          rngs=rngs)
    self.drop = nnx.Dropout(0.2, rngs=rngs)
    self.fc2 = nnx.Linear(dhidden, nclass, use_bias=False,
                          kernel_init=nnx.with_partitioning(lecun, (TP, None)),
                          rngs=rngs)

  def __call__(self, x):
    h = self.drop(nnx.relu(self.fc1(x)), deterministic=True)
    return finish_row_parallel(self.fc2(h))
