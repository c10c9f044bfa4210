from .layers import gated_block


def forward(params, x):
    for layer in params:
        x = gated_block(x, layer)
    return x.sum()
