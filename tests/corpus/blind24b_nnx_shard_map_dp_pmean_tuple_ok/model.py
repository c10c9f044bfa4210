from flax import nnx
import jax


class GraphMLP(nnx.Module):
    def __init__(self, din, dhidden, nclasses, *, rngs: nnx.Rngs):
        self.lin1 = nnx.Linear(din, dhidden, rngs=rngs)
        self.norm = nnx.LayerNorm(dhidden, rngs=rngs)
        self.lin2 = nnx.Linear(dhidden, nclasses, rngs=rngs)

    def __call__(self, x):
        return self.lin2(jax.nn.gelu(self.norm(self.lin1(x))))
