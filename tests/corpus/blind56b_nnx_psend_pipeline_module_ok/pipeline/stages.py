from flax import nnx


class Stage(nnx.Module):
    def __init__(self, dim: int, *, rngs: nnx.Rngs):
        self.norm = nnx.LayerNorm(dim, rngs=rngs)
        self.fc1 = nnx.Linear(dim, 4 * dim, rngs=rngs)
        self.fc2 = nnx.Linear(4 * dim, dim, rngs=rngs)

    def __call__(self, x):
        return x + self.fc2(nnx.gelu(self.fc1(self.norm(x))))


def stacked_stages(n: int, dim: int, seed: int = 0) -> Stage:
    @nnx.split_rngs(splits=n)
    @nnx.vmap(in_axes=(0,), out_axes=0)
    def build(rngs):
        return Stage(dim, rngs=rngs)

    return build(nnx.Rngs(seed))
