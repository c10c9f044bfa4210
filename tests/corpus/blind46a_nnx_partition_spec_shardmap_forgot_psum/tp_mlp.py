from flax import nnx
import jax

init = nnx.initializers.lecun_normal()


class TPMlp(nnx.Module):
    def __init__(self, d_model: int, d_ff: int, *, rngs: nnx.Rngs):
        self.up = nnx.Linear(d_model, d_ff, rngs=rngs,
                             kernel_init=nnx.with_partitioning(init, (None, "model")),
                             bias_init=nnx.with_partitioning(nnx.initializers.zeros_init(), ("model",)))
        self.down = nnx.Linear(d_ff, d_model, use_bias=False, rngs=rngs,
                               kernel_init=nnx.with_partitioning(init, ("model", None)))

    def __call__(self, x):
        return self.down(nnx.gelu(self.up(x)))
