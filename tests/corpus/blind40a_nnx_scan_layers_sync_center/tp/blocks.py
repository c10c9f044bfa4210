from flax import nnx

from .collectives import cross_replica_center


class Block(nnx.Module):
    def __init__(self, dim: int, rngs: nnx.Rngs):
        self.linear = nnx.Linear(dim, dim, rngs=rngs)

    def __call__(self, x):
        x = nnx.gelu(self.linear(x))
        return cross_replica_center(x)


def create_stack(dim, depth, rngs):
    @nnx.split_rngs(splits=depth)
    @nnx.vmap(in_axes=(0,), out_axes=0)
    def create_block(rngs: nnx.Rngs):
        return Block(dim, rngs)

    return create_block(rngs)


@nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry)
def run_stack(x, block):
    return block(x)
