from typing import Optional

import jax
import flax.linen as nn


def all_gather_params(axis_name):
    def gather(variables):
        return jax.tree.map(lambda p: jax.lax.all_gather(p, axis_name, axis=0, tiled=True), variables)
    return gather


class Block(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, x):
        h = nn.Dense(self.hidden, use_bias=False, name="up")(x)
        return x + nn.Dense(x.shape[-1], use_bias=False, name="down")(nn.relu(h))


class Model(nn.Module):
    hidden: int = 512
    depth: int = 3
    fsdp_axis: Optional[str] = None   # None while initialising full-size params

    @nn.compact
    def __call__(self, x):
        block_cls = Block
        if self.fsdp_axis is not None:
            block_cls = nn.map_variables(Block, "params", trans_in_fn=all_gather_params(self.fsdp_axis))
        for i in range(self.depth):
            x = block_cls(self.hidden, name=f"block_{i}")(x)
        return x
