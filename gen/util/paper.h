/* Shared: the paper sizes a PDF can be printed on (--paper), a setting
 * of the run that the back-end contract carries and the PDF kit reads.
 * Nothing to own or free. */
#ifndef GG_PAPER_H
#define GG_PAPER_H

typedef enum { PAPER_A4, PAPER_LETTER } Paper;

#endif
