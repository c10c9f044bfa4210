import jax
from flax import nnx

init = nnx.initializers.normal(0.02)


class MlpBlock(nnx.Module):
    def __init__(self, embed: int, mlp: int, *, rngs: nnx.Rngs):
        self.wi = nnx.Linear(embed, mlp, use_bias=False, rngs=rngs,
                             kernel_init=nnx.with_partitioning(init, ("embed", "mlp")))
        self.wo = nnx.Linear(mlp, embed, use_bias=False, rngs=rngs,
                             kernel_init=nnx.with_partitioning(init, ("mlp", "embed")))
        self.norm = nnx.RMSNorm(embed, rngs=rngs,
                                scale_init=nnx.with_partitioning(nnx.initializers.ones_init(), ("embed",)))

    def __call__(self, x):
        return x + self.wo(jax.nn.gelu(self.wi(self.norm(x))))
