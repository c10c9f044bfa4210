from flax import nnx

kinit = nnx.initializers.lecun_normal()


class Block(nnx.Module):
    def __init__(self, d, f, rngs):
        self.norm = nnx.LayerNorm(d, rngs=rngs)
        self.up = nnx.Linear(d, f, kernel_init=nnx.with_partitioning(kinit, ("fsdp", "tp")), rngs=rngs)
        self.down = nnx.Linear(f, d, kernel_init=nnx.with_partitioning(kinit, ("tp", "fsdp")), rngs=rngs)

    def __call__(self, x):
        return x + self.down(nnx.gelu(self.up(self.norm(x))))
