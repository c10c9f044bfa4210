import jax
import flax.nnx as nnx


class Block(nnx.Module):
    def __init__(self, d, rngs: nnx.Rngs):
        self.ln = nnx.LayerNorm(d, rngs=rngs)
        self.fc1 = nnx.Linear(d, 4 * d, rngs=rngs)
        self.fc2 = nnx.Linear(4 * d, d, rngs=rngs)

    def __call__(self, x):
        return x + self.fc2(jax.nn.gelu(self.fc1(self.ln(x))))


class Stack(nnx.Module):
    def __init__(self, d, n_layers, rngs: nnx.Rngs):
        @nnx.split_rngs(splits=n_layers)
        @nnx.vmap(in_axes=(0,), out_axes=0)
        def create(rngs):
            return Block(d, rngs)

        self.blocks = create(rngs)
        self.head = nnx.Linear(d, 1, rngs=rngs)

    def __call__(self, x):
        @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry)
        @nnx.remat
        def body(h, block):
            return block(h)

        return self.head(body(x, self.blocks))
